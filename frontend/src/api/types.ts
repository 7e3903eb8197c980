// Named aliases over the generated OpenAPI types: the only place that knows
// the backend's schema names, so a rename there is a one-line change here.
import type { components } from './generated/schema';

type Schemas = components['schemas'];

export type Page = Schemas['PageOut'];
export type Template = Schemas['TemplateOut'];
export type Block = Schemas['BlockOut'];
export type ApiError = Schemas['ErrorOut'];
export type MoveRequest = Schemas['MoveIn'];

export type TreePageOut = Schemas['TreePageOut'];
