/**
 * An iCalendar document (RFC 5545) of a player's deadlines: one VEVENT per bet, whose UID names the
 * bet and the installation, so a calendar app updates the event it already has at each fetch
 * instead of adding another.
 */

export interface CalendarEvent {
  uid: string;
  at: Date;
  summary: string;
  description: string;
  url: string;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in text values. */
export const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** `20261129T180000Z`: a date-time in UTC (§3.3.5, form #2). */
export const utcStamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * A content line folded at 75 octets (§3.1): each continuation starts with a space. Folds fall
 * between characters, never inside one's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

export function calendarDocument(events: CalendarEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Betbro//Deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Betbro deadlines',
    // How often calendar apps that read these should fetch again.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART:${utcStamp(event.at)}`,
      // A deadline is a moment: a quarter of an hour, so that calendars show it.
      'DURATION:PT15M',
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
