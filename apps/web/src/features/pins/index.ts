export { PinsButton } from './PinsButton';
export { PinLine } from './PinLine';
export { PinIcon } from './icons';
export { canPin } from './can-pin';
export { usePinToggle } from './usePinToggle';
export { applyPinUpdate, PIN_UPDATE_EVENT } from './pin-events';
export type { PinPlace } from './pin-place';
