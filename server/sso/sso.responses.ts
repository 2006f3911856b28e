import { Many, Resource, Text } from '../api-docs/json-api';

/** The active identity providers the sign-in page offers, by name (listSignInProviders). */
export const SignInProviderList = Many(Resource('sign-in-providers', { display_name: Text() }));
