export { SearchBox } from './SearchBox';
export { useSearchJump } from './useSearchJump';
