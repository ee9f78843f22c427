// What other features ask of the message list.
export { requestJump, type JumpRequest } from './jump-requests';
