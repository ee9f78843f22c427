/** User-facing texts shared by server answers and the client (spec wording where the spec gives one). */
export const TEXT = {
  usernameTooShort: 'Username must be at least 3 characters long',
  usernameTooLong: 'Username must be no more than 20 characters long',
  usernameChars: 'Username can only contain letters, numbers, underscores, and hyphens',
  usernameTaken: 'Username is already taken',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 256 characters long',
  invalidEmail: 'Please enter a valid email address',
  invalidCredentials: 'Invalid username or password',
  systemAccountLogin: 'This account cannot log in',
  notAuthenticated: 'Not authenticated',
  invalidRefreshToken: 'Invalid refresh token',
  sessionRevoked: 'Session revoked',
  adminOnly: 'Admin privileges required',
  rateLimited: 'Too many requests. Please try again later.',
  nameRequired: 'Name is required',
  groupRequired: 'Please select a group',
  groupNotFound: 'Group not found',
  categoryNotFound: 'Category not found',
  channelNotFound: 'Channel not found',
  messageNotFound: 'Message not found',
  userNotFound: 'User not found',
  categoryWrongGroup: 'Category belongs to another group',
  noPostPermission: 'You do not have permission to post messages in this group',
  noUploadPermission: 'You do not have permission to upload files in this group',
  voiceChannelNoMessages: 'Messages cannot be sent in a voice channel',
  voiceChannelNoReadStatus: 'A voice channel has no messages to mark as read',
  messageEmpty: 'Message content cannot be empty',
  messageTooLong: 'Message must be 4000 characters or fewer',
  editNotAuthor: 'You can only edit your own messages',
  editRemoved: 'A message removed by an admin cannot be edited',
  deleteForbidden: 'You can only delete your own messages',
  deleteRemoved: 'This message has already been removed',
  reactionDuplicate: 'You already added this reaction',
  reactionAddFailed: 'Failed to add reaction',
  reactionRemoveFailed: 'Failed to remove reaction',
  reactionEmojiChoice: 'Send exactly one of emoji_id and emoji_unicode',
  reactionNotEmoji: 'A reaction must be a single emoji',
  reactionNotFound: 'Reaction not found',
  reactionNotOwn: 'You can only remove your own reactions',
  reactionOnRemoved: 'A message removed by an admin cannot get new reactions',
  reactionTooManyEmoji: 'This message already has 20 different reactions',
  noReactPermission: 'You do not have permission to add reactions in this group',
  emojiNotFound: 'Emoji not found',
  everyoneAdminOnly: 'Admin Only',
  markChannelReadFailed: 'Failed to mark channel as read',
  markGroupReadFailed: 'Failed to mark group as read',
  textMalformed: 'Text contains an invalid character (an unpaired UTF-16 surrogate)',
  beforeAndAfter: 'Use either before or after, not both',
  systemPermissions: 'Permissions of a system account cannot be changed',
  invalidJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is too large',
  notFound: 'Not found',
  internal: 'Internal server error',
  /** A change that collided with another one at the same moment (a deadlock the database broke). */
  busyTryAgain: 'Another change got in the way. Please try again.',
  /** 503 while the server cannot reach PostgreSQL (stopped, restarting, the network to it down). */
  databaseUnavailable: 'Hearth cannot reach its database right now. Try again in a moment.',
  /** The file storage (an S3 bucket) could not be reached: nothing was changed, a retry may go through. */
  storageUnavailable: 'Files cannot be reached right now. Please try again in a moment.',
  wsNotAuthenticated: 'Authenticate first',
  wsUnknownType: 'Unknown message type',
  wsBadFrame: 'Frame must be a JSON object with a type',
  wsFrameTooLarge: 'Frame is too large',
  wsAlreadyAuthenticated: 'Already authenticated',
  wsAuthFailed: 'Authentication failed',
  wsTokenExpired: 'Access token expired',
  wsTooManyForUser: 'Too many live connections for this account',
  wsTooManyForAddress: 'Too many live connections from this address',
  uploadNotMultipart: 'Send the file as multipart/form-data in the field "file"',
  uploadNoFile: 'No file was sent: use the multipart field "file"',
  uploadEmpty: 'The file is empty',
  uploadMalformed:
    'The upload is not valid multipart/form-data: it has no boundary, or it ends in the middle of a part',
  urlTooLong: 'The address is too long',
  urlMalformed: 'The address is not valid',
  attachmentNotFound: 'Attachment not found',
  attachmentAlreadySent: 'This attachment has already been sent with a message',
  attachmentsNotYours: 'Attachments must be your own uploads that have not been sent yet',
  attachmentsDuplicate: 'An attachment can be sent only once in a message',
  sensitiveNotAttached: 'Sensitive attachments must be among the attachment_ids',
  fileLinkInvalid: 'This file link is invalid or has expired',
} as const;

/** 'File is too large (max 25 MB)': the server's configured limit, in whole megabytes. */
export const fileTooLargeText = (maxBytes: number) =>
  `File is too large (max ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB)`;

/** Spec 1 §5: the title of the refusal of more than 15 files on one message. */
export const uploadLimitTitle = 'Upload Limit Exceeded';

/** Spec 1 §5: more than 15 files on one message. */
export const uploadLimitText = (uploaded: number, adding: number) =>
  `Cannot upload more than 15 files total. You have ${uploaded} uploaded and are trying to add ${adding} more.`;

/** Under the composer: who is typing in the open conversation (one, two, or more people). */
export const typingText = (names: readonly string[]): string =>
  names.length === 0
    ? ''
    : names.length === 1
      ? `${names[0]} is typing…`
      : names.length === 2
        ? `${names[0]} and ${names[1]} are typing…`
        : 'Several people are typing…';
