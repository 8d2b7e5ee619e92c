import { z } from 'zod';

// Every zod message shown to a user (web forms and API validation errors) must be Spanish; the locale is set
// once here because both apps import the contracts before parsing anything.
z.config(z.locales.es());

export { z };
