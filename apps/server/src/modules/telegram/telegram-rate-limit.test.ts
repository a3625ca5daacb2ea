import { describe, expect, it } from 'vitest';
import { TelegramRateLimiter } from './telegram-rate-limit.js';

describe('Telegram rate limiter', () => {
  it('lets one message a second through to the same chat, counted from when it finished', () => {
    const limiter = new TelegramRateLimiter();
    expect(limiter.tryTake('chat-1', 10_000)).toBe(0);
    // still on its way: the chat waits at least the interval that follows its finish
    expect(limiter.tryTake('chat-1', 10_400)).toBe(1000);
    expect(limiter.tryTake('chat-2', 10_400)).toBe(0);
    limiter.release('chat-1', 10_200);
    expect(limiter.tryTake('chat-1', 11_000)).toBe(200);
    expect(limiter.tryTake('chat-1', 11_200)).toBe(0);
  });

  it('holds 30 slots a second overall, in flight or finished within the second', () => {
    const limiter = new TelegramRateLimiter();
    for (let i = 0; i < 30; i += 1) expect(limiter.tryTake(`chat-${i}`, 5_000 + i)).toBe(0);
    expect(limiter.tryTake('chat-30', 5_100)).toBeGreaterThan(0);
    for (let i = 0; i < 30; i += 1) limiter.release(`chat-${i}`, 5_300);
    expect(limiter.tryTake('chat-30', 5_400)).toBe(900);
    expect(limiter.tryTake('chat-30', 6_300)).toBe(0);
  });

  it('after a 429 sends nothing until retry_after has passed', () => {
    const limiter = new TelegramRateLimiter();
    limiter.pause(1_000, 7);
    expect(limiter.tryTake('chat-1', 1_000)).toBe(7_000);
    expect(limiter.tryTake('chat-1', 7_999)).toBe(1);
    expect(limiter.tryTake('chat-1', 8_000)).toBe(0);
  });

  it('gives messages waiting for one chat successive turns, and says when a wait is everyone’s', () => {
    const limiter = new TelegramRateLimiter();
    expect(limiter.take('chat-1', 1_000)).toEqual({ wait: 0, isGlobal: false });
    // three more for the chat while the first is on its way: one a second after it
    expect(limiter.take('chat-1', 1_100)).toEqual({ wait: 1000, isGlobal: false });
    expect(limiter.take('chat-1', 1_100)).toEqual({ wait: 2000, isGlobal: false });
    expect(limiter.take('chat-1', 1_100)).toEqual({ wait: 3000, isGlobal: false });
    limiter.pause(1_200, 5);
    expect(limiter.take('chat-2', 1_200)).toEqual({ wait: 5000, isGlobal: true });
  });
});
