// The sender check runs before any payload is looked at: only the main frame of one of our
// windows, showing our own origin, may call main.
import { describe, expect, it } from 'vitest';
import type { FrameLike, IpcSenderLike } from '../../electron/main/senderCheck';
import { checkSender, originOf } from '../../electron/main/senderCheck';

const trusted = { origin: 'app://seller-desk', isOurWindow: (id: number) => id === 7 };

function frame(url: string, parent: FrameLike | null = null): FrameLike {
  return { url, parent };
}
function event(senderFrame: FrameLike | null, id = 7): IpcSenderLike {
  return { senderFrame, sender: { id } };
}

describe('checkSender', () => {
  it('accepts the main frame of our window on our origin', () => {
    expect(checkSender(event(frame('app://seller-desk/index.html#/offers')), trusted)).toEqual({
      trusted: true,
    });
  });

  it.each([
    ['another origin', event(frame('https://evil.example/index.html'))],
    ['a look-alike host', event(frame('app://seller-desk.evil/index.html'))],
    ['our host on another scheme', event(frame('https://seller-desk/index.html'))],
    ['file://', event(frame('file:///home/seller/index.html'))],
    ['an unparsable URL', event(frame('not a url'))],
    ['about:blank', event(frame('about:blank'))],
  ])('refuses %s', (_label, e) => {
    expect(checkSender(e, trusted)).toEqual({
      trusted: false,
      reason: 'a page of another origin',
    });
  });

  it('refuses a subframe even when it shows our origin', () => {
    const top = frame('app://seller-desk/index.html');
    expect(checkSender(event(frame('app://seller-desk/index.html', top)), trusted)).toMatchObject({
      trusted: false,
      reason: 'a subframe',
    });
  });

  it('refuses a web contents that is not one of our windows', () => {
    expect(checkSender(event(frame('app://seller-desk/index.html'), 8), trusted)).toMatchObject({
      trusted: false,
      reason: 'not one of our windows',
    });
  });

  it('refuses a message whose frame is already gone', () => {
    expect(checkSender(event(null), trusted)).toMatchObject({ trusted: false });
  });

  it('builds origins for custom schemes, where URL.origin says "null"', () => {
    expect(new URL('app://seller-desk/x').origin).toBe('null');
    expect(originOf('app://seller-desk/x')).toBe('app://seller-desk');
    expect(originOf('http://127.0.0.1:8080/a')).toBe('http://127.0.0.1:8080');
    expect(originOf('about:blank')).toBeNull();
  });
});
