// The link calls' shapes (issue 33; DESIGN §3, Links and bulk work), from the OpenAPI document.
import type { components } from './generated/schema';

export type LinkSchemas = components['schemas'];
