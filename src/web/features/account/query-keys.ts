// Query keys of the account feature: the profile (also written by sign-agreement and phone change),
// the real-name state, and the platform reviewer's reviews (the pending count sits under them, so
// deciding a review refreshes the count too).
export const accountKeys = {
  profile: () => ['account-profile'] as const,
  realName: () => ['account-real-name'] as const,
  reviews: () => ['account-reviews'] as const,
  pendingReviews: () => ['account-reviews', 'pending'] as const,
  reviewList: (type: string, status: string) => ['account-reviews', type, status] as const,
};
