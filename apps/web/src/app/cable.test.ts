import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeConsumer } from '../features/notifications/test-support.ts';
import { openLiveChannel, pollDelayMs, setConsumerFactory } from './cable.ts';

afterEach(() => setConsumerFactory(() => null));

const received = () => undefined;

describe('openLiveChannel', () => {
  it('opens nothing without a user id', () => {
    const factory = vi.fn(() => fakeConsumer().consumer);
    setConsumerFactory(factory);
    openLiveChannel(null, 'NotificationChannel', { received })();
    expect(factory).not.toHaveBeenCalled();
  });

  it('after a drop waits 5 s, disconnects, reopens after 500 ms and polls until connected', () => {
    vi.useFakeTimers();
    const fake = fakeConsumer();
    setConsumerFactory(() => fake.consumer);
    const close = openLiveChannel(42, 'NotificationChannel', { received });
    fake.mixin().connected({ reconnected: false });
    fake.mixin().disconnected();

    vi.advanceTimersByTime(4_999);
    expect(fake.spies.disconnect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.spies.disconnect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(499);
    expect(fake.spies.connect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fake.spies.connect).toHaveBeenCalledTimes(1);

    // Still down: the next tries come after 3 s, then 4.5 s…
    fake.setOpen(false);
    vi.advanceTimersByTime(3_000);
    expect(fake.spies.connect).toHaveBeenCalledTimes(2);
    fake.setOpen(false);
    vi.advanceTimersByTime(4_500);
    expect(fake.spies.connect).toHaveBeenCalledTimes(3);

    // Back: polling stops.
    fake.mixin().connected({ reconnected: true });
    vi.advanceTimersByTime(60_000);
    expect(fake.spies.connect).toHaveBeenCalledTimes(3);
    close();
    expect(fake.spies.disconnect).toHaveBeenCalledTimes(2);
  });

  it('leaves a connection that came back within 5 s alone', () => {
    vi.useFakeTimers();
    const fake = fakeConsumer();
    setConsumerFactory(() => fake.consumer);
    const connected = vi.fn();
    openLiveChannel(42, 'NotificationChannel', { received, connected });
    fake.mixin().disconnected();
    vi.advanceTimersByTime(2_000);
    fake.mixin().connected({ reconnected: true });
    vi.advanceTimersByTime(10_000);
    expect(fake.spies.disconnect).not.toHaveBeenCalled();
    expect(connected).toHaveBeenCalledWith({ reconnected: true });
  });

  it('polls between 3 and 30 seconds', () => {
    expect(pollDelayMs(0)).toBe(3_000);
    expect(pollDelayMs(1)).toBe(4_500);
    expect(pollDelayMs(20)).toBe(30_000);
  });
});
