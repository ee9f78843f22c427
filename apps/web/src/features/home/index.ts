export { LandingPage, type LandingPageProps, type LandingTab } from './LandingPage';
export { setLandingTab, useLandingTab } from './landing-tab';
export { useHomeEvents, FORCE_OPEN_DM, PUSH_NAVIGATE } from './useHomeEvents';
