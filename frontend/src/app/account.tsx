// Entry for the account page (server-rendered): the admin's header, styles and tabs.
import { mountAccountPage } from './accountPage';
import '../styles/index.css';
import '../ui/form/form.css';
import '../styles/serverPage.css';

mountAccountPage();
