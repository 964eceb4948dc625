/** Query keys shared by the features that read or change the same server data. */
export const queryKeys = {
  profile: ['profile'] as const,
  home: ['home'] as const,
  image: (name: string) => ['image', name] as const,
};
