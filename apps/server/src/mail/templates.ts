import { EMAIL_CODE_TTL_MS, RESET_TOKEN_TTL_MS } from '@hearth/protocol';
import type { Mail } from './mailer.js';

/** Every mail the server sends, as plain text and simple HTML (one paragraph per line of text). */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;

interface Part {
  text: string;
  /** A link to show as a button-like anchor in HTML (its text is the line itself in plain text). */
  link?: string;
  /** A code to show large in HTML. */
  code?: string;
}

function body(parts: readonly Part[]): { text: string; html: string } {
  const text = `${parts.map((p) => p.text).join('\n\n')}\n\n— Hearth\n`;
  const html = [
    '<!doctype html><html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #222">',
    ...parts.map((p) => {
      if (p.code)
        return `<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; font-family: monospace">${escapeHtml(p.code)}</p>`;
      if (p.link) return `<p><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`;
      return `<p>${escapeHtml(p.text)}</p>`;
    }),
    '<p style="color: #777">— Hearth</p>',
    '</body></html>',
  ].join('\n');
  return { text, html };
}

interface To {
  userId: number;
  email: string;
  username: string;
}

export function verificationCodeMail(to: To, code: string): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: 'email_verification',
    subject: 'Your Hearth verification code',
    summary: `code=${code}`,
    secrets: [code],
    ...body([
      { text: `Hello ${to.username},` },
      { text: 'Enter this code in Settings → My Account to verify your email address:' },
      { text: code, code },
      {
        text: `It expires in ${minutes(EMAIL_CODE_TTL_MS)}. If you did not add this address to Hearth, ignore this mail.`,
      },
    ]),
  };
}

export function resetLinkMail(to: To, link: string): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: 'password_reset',
    subject: 'Reset your Hearth password',
    summary: `link=${link}`,
    secrets: [link],
    ...body([
      { text: `Hello ${to.username},` },
      {
        text: 'Someone (hopefully you) asked to reset the password of your Hearth account. Open this link to choose a new one:',
      },
      { text: link, link },
      {
        text: `The link works once and expires in ${minutes(RESET_TOKEN_TTL_MS)}. If you did not ask, ignore this mail: your password stays as it is.`,
      },
    ]),
  };
}

/** For an account whose address is not verified yet: a code that verifies it and leads on to the reset. */
export function resetCodeMail(to: To, code: string, link: string): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: 'password_reset_code',
    subject: 'Reset your Hearth password',
    summary: `code=${code} link=${link}`,
    secrets: [code, link],
    ...body([
      { text: `Hello ${to.username},` },
      {
        text: 'Someone (hopefully you) asked to reset the password of your Hearth account. Your email address is not verified yet, so first enter this code on the email verification page:',
      },
      { text: code, code },
      { text: 'Or open this link, which fills it in for you:' },
      { text: link, link },
      {
        text: `The code expires in ${minutes(EMAIL_CODE_TTL_MS)}; then choose your new password. If you did not ask, ignore this mail.`,
      },
    ]),
  };
}

export function passwordChangedMail(to: To, when: Date): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: 'password_changed',
    subject: 'Your password was changed',
    summary: 'password changed',
    secrets: [],
    ...body([
      { text: `Hello ${to.username},` },
      {
        text: `The password of your Hearth account was changed on ${utc(when)}, and every device was signed out.`,
      },
      { text: 'If this was not you, reset your password at once with "Forgot password" on the login page.' },
    ]),
  };
}

/** To the address being replaced: a change made with a stolen session is then noticed by the owner. */
export function emailChangedMail(to: To, newAddress: string, when: Date): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: 'email_changed',
    subject: 'Your email address was changed',
    summary: 'email changed',
    secrets: [],
    ...body([
      { text: `Hello ${to.username},` },
      {
        text: `The email address of your Hearth account was changed on ${utc(when)} from this one to ${newAddress}.`,
      },
      {
        text: 'If this was not you, sign in, set your address back in Settings → My Account and change your password.',
      },
    ]),
  };
}

export function loginAlertMail(to: To, login: { when: Date; deviceName: string; address: string }): Mail {
  return {
    to: to.email,
    userId: to.userId,
    kind: 'login_alert',
    subject: 'New sign-in to your Hearth account',
    summary: `device="${login.deviceName}" address=${login.address}`,
    secrets: [],
    ...body([
      { text: `Hello ${to.username},` },
      { text: 'Your Hearth account was just signed in to from a new device:' },
      { text: `Time: ${utc(login.when)}` },
      { text: `Device: ${login.deviceName}` },
      { text: `Address: ${login.address}` },
      {
        text: 'If this was you, there is nothing to do. If not, change your password and revoke the device under Settings → Devices.',
      },
    ]),
  };
}

/** '2026-05-04 13:07 UTC' */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
