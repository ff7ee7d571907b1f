import { notFound } from '../../common/errors';
import type { MeetRepository } from './repository';

export function createMeetService(links: MeetRepository) {
  return {
    /** The meeting address of a code; an empty, unknown or expired code is a 404. */
    async linkUrl(code: string | undefined): Promise<string> {
      const url = code ? await links.findLiveUrl(code) : undefined;
      if (!url) throw notFound('meet.invalidToken');
      return url;
    },
  };
}
