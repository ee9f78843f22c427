/** Set at registration, until the shell has moved the new account to its first channel. */
export const LANDING_FLAG = 'hearth:land-in-default';

/** Marks the next shell start as a new account's first visit. */
export const landInDefaultChannelNext = () => sessionStorage.setItem(LANDING_FLAG, '1');

/** True until the shell has moved a new account to its first channel. */
export const landingInDefaultChannel = () => sessionStorage.getItem(LANDING_FLAG) === '1';
