/** The texts of the API version features (spec 3 §2, §4; spec 2 'Voice Channels Require API V2'). */
export const API_VERSION_TEXT = {
  v2Required: 'V2 API Required',
  privacyOnV1:
    'Privacy & Safety settings are not available on API V1. Choose V2 in the API version selector on the login screen to use them.',
  devicesOnV1:
    'Device listing is not available on API V1. Choose V2 in the API version selector on the login screen to see and revoke your devices.',
  voiceTitle: 'Voice Channels Require API V2',
  voiceOnV1:
    'Voice channels need the V2 API. Choose V2 in the API version selector on the login screen (About → Developer Options → API Options) to use them.',
  selectorWarningTitle: 'Show API Version Selector?',
  selectorWarning:
    'The login screen will offer a choice of API version. V1 is a compatibility mode that hides voice, privacy, devices and other V2 features; only change it if you know you need it.',
  v2WarningTitle: 'Experimental: API V2',
  v2Warning:
    'You are using V2 of the API and live sockets. It is experimental: some features may change or misbehave. You can switch to V1 compatibility on the login screen.',
} as const;
