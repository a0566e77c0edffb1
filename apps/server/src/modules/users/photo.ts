/**
 * The picture shown for a person (top bar, profile): the photo uploaded on /profile, else the
 * picture of the Google account they signed up with, else none (docs/product/profile.md#photo).
 */
export function photoUrlOf(user: { photoKey: string | null; avatarUrl: string | null }): string | null {
  return user.photoKey ? `/uploads/${user.photoKey}` : user.avatarUrl;
}
