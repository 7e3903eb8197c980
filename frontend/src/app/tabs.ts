// Entry for server-rendered admin pages with tabs (spec §2).
import { setupTabs } from '../ui/tabs/serverTabs';
// Only the tokens and tab styles: server-rendered pages bring their own base styles.
import '../styles/tokens.css';
import '../styles/tabs.css';

setupTabs();
