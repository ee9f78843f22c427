/**
 * The GIF texts the client shows that the server never sends (spec 1 §2, §5 and §8; spec 3 §8), exactly
 * as the spec writes them. The ones both sides use are GIF_TEXT in '@hearth/protocol/gif-rules'.
 */
export const GIF_CLIENT_TEXT = {
  loadingTrending: 'Loading trending GIFs...',
  loadingFavorites: 'Loading favorite GIFs...',
  loadingOwn: 'Loading your GIFs...',
  searching: 'Searching GIFs...',
  noResults: 'No GIFs found for your search',
  enterSearch: 'Enter a search term to find GIFs',
  noFavorites: 'No favorite GIFs yet. Click the heart icon on any GIF to add it to your favorites!',
  noOwn: 'No GIFs uploaded yet. Upload your GIFs to see them here!',
  noTrending: 'No trending GIFs available',
  searchPlaceholder: 'Search for GIFs...',
  clickToSend: 'Click to send instantly',
  favoritesFailed: 'Failed to fetch favorite GIFs',
  addFavoriteFailed: 'Failed to add favorite GIF',
  removeFavoriteFailed: 'Failed to remove favorite GIF',
  ownFailed: 'Failed to fetch user GIFs',
  allFailed: 'Failed to fetch all user GIFs',
  /* Spec 3 §2 and §8: the Custom GIFs tab. */
  settingsSearch: 'Search GIFs…',
  settingsEmpty: 'No GIFs',
  uploadFailed: 'Failed to upload GIF',
  renameFailed: 'Failed to rename GIF',
  nsfwFailed: 'Failed to update GIF NSFW status',
  deleteFailed: 'Failed to delete GIF',
  markedNsfw: 'GIF marked as NSFW',
  unmarkedNsfw: 'GIF unmarked as NSFW',
  uploaded: (name: string) => `Uploaded :${name}:`,
  renamed: (name: string) => `Renamed to :${name}:`,
  deleted: (name: string) => `Deleted :${name}:`,
  deleteQuestion: (name: string) => `Delete :${name}: ? This cannot be undone.`,
} as const;
