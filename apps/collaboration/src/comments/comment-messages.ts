/** The 404s of a comment or reply that does not exist, or no longer does. */
export const NO_COMMENT = 'No matching comment found';
export const NO_REPLY = 'No matching comment reply found';
