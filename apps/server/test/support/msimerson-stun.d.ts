/**
 * The part of @msimerson/stun (plain JavaScript, no types of its own) the TURN tests use, as its
 * README and sources describe it.
 */
declare module '@msimerson/stun' {
  interface AttributeValues {
    address: { address: string; port: number; family: string };
    error: { code: number; reason: string };
  }

  interface StunAttribute {
    readonly type: number;
    readonly value: unknown;
  }

  interface StunMessage {
    readonly type: number;
    readonly transactionId: Buffer;
    getAttribute(type: number): StunAttribute | undefined;
  }

  export interface StunRequest extends StunMessage {
    addAttribute(type: number, ...values: unknown[]): StunAttribute | undefined;
    addUsername(username: string): StunAttribute | undefined;
    addRealm(realm: string): StunAttribute | undefined;
    addNonce(nonce: string): StunAttribute | undefined;
    /** key: the HMAC-SHA1 key (a Buffer is passed to crypto.createHmac as is). */
    addMessageIntegrity(key: string | Buffer): boolean;
    toBuffer(): Buffer;
  }

  export interface StunResponse extends StunMessage {
    getError(): AttributeValues['error'] | undefined;
    getRealm(): string | undefined;
    getNonce(): string | undefined;
  }

  export function createMessage(type: number, transaction?: Buffer): StunRequest;
  export function decode(message: Buffer): StunResponse;
  export function validateMessageIntegrity(message: StunMessage, key: string | Buffer): boolean;
  /** Message types (STUN_<type>) and attribute types (STUN_ATTR_<attribute>); only those used here. */
  export const constants: {
    STUN_ALLOCATE_REQUEST: number;
    STUN_ALLOCATE_RESPONSE: number;
    STUN_ATTR_REQUESTED_TRANSPORT: number;
    STUN_ATTR_XOR_RELAYED_ADDRESS: number;
  };
}
