export { LandingPage, type LandingPageProps, type LandingTab } from './LandingPage';
