/** Where the real service lives (the profile, --base-url and HYPERSTACK_BASE_URL point elsewhere). */
export const DEFAULT_BASE_URL = 'https://infrahub-api.nexgencloud.com/v1';
