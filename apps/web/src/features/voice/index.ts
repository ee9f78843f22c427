export { VoiceCount, VoiceParticipantList } from './VoiceParticipantList';
export { VoicePanel } from './VoicePanel';
export { useJoinVoice } from './useJoinVoice';
export { useVoiceLiveUpdates } from './voice-queries';
export { CallModal } from './CallModal';
export { CallBanner } from './CallBanner';
export { useCallFromHere } from './start-call';
