/**
 * The command line's fetch for "Baixar imagens" (`--download-images`): an
 * archive names the addresses, so only public ones are fetched
 * (`server/outbound/`), up to the editor's picture limit. 15 s a picture,
 * under the download's own 30 s, so the message names the site: a picture
 * that takes longer stays linked and listed, and the next run tries again.
 */
import { MAX_IMAGE_BYTES } from '../../src/features/archive/api/download-images.ts';
import { createPublicFetch } from '../outbound/public-fetch.ts';

export const fetchPublicImage = createPublicFetch({ timeoutMs: 15_000, connectTimeoutMs: 5_000, maxBytes: MAX_IMAGE_BYTES });
