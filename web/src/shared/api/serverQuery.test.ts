import { describe, expect, it, vi } from 'vitest';
import { serverQuery } from './serverQuery';

/** A fetch whose answers the test gives, in the order asked. */
function answers<T>() {
  const waiting: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const fetch = vi.fn(() => new Promise<T>((resolve, reject) => waiting.push({ resolve, reject })));
  return { fetch, answer: (value: T) => waiting.shift()?.resolve(value), refuse: (error: unknown) => waiting.shift()?.reject(error) };
}

describe('serverQuery', () => {
  it('shares one request among callers and keeps its answer', async () => {
    const server = answers<string>();
    const keep = vi.fn();
    const query = serverQuery<void, string>({ fetch: server.fetch, keep });
    const first = query.fetch();
    const second = query.fetch();
    server.answer('a');
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'a']);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(keep).toHaveBeenCalledWith('a', undefined);
  });

  it('loads from what is kept without asking', async () => {
    const server = answers<string>();
    const query = serverQuery<string, string>({ fetch: server.fetch, known: (key) => (key === 'kept' ? 'value' : undefined) });
    await expect(query.load('kept')).resolves.toBe('value');
    const other = query.load('other');
    server.answer('asked');
    await expect(other).resolves.toBe('asked');
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('asks once more after news that came while a request was on its way', async () => {
    const server = answers<number>();
    const keep = vi.fn();
    const query = serverQuery<void, number>({ fetch: server.fetch, keep });
    void query.fetch();
    const after = query.refresh();
    expect(query.refresh()).toBe(after);
    server.answer(1);
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(2));
    server.answer(2);
    await expect(after).resolves.toBe(2);
    expect(keep.mock.calls.map(([value]) => value)).toEqual([1, 2]);
  });

  it('drops the answers and failures of requests asked before a clear', async () => {
    const server = answers<string>();
    const keep = vi.fn();
    const fail = vi.fn();
    const query = serverQuery<string, string>({ fetch: server.fetch, keep, fail });
    const old = query.fetch('a');
    const refused = query.fetch('b');
    const followUp = query.refresh('a');
    query.clear();
    server.answer('stale');
    server.refuse(new Error('stale'));
    await expect(old).resolves.toBe('stale');
    await expect(refused).rejects.toThrow('stale');
    await expect(followUp).resolves.toBe('stale');
    expect(keep).not.toHaveBeenCalled();
    expect(fail).not.toHaveBeenCalled();
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });

  it('asks anew after forget, and still keeps the answer on its way', async () => {
    const server = answers<string>();
    const keep = vi.fn();
    const query = serverQuery<void, string>({ fetch: server.fetch, keep });
    const old = query.fetch();
    query.forget();
    const fresh = query.fetch();
    expect(fresh).not.toBe(old);
    server.answer('old');
    server.answer('new');
    await Promise.all([old, fresh]);
    expect(keep.mock.calls.map(([value]) => value)).toEqual(['old', 'new']);
  });

  it('reports a failure and asks again next time', async () => {
    const server = answers<string>();
    const fail = vi.fn();
    const query = serverQuery<void, string>({ fetch: server.fetch, fail });
    const first = query.fetch();
    server.refuse(new Error('down'));
    await expect(first).rejects.toThrow('down');
    expect(fail).toHaveBeenCalledTimes(1);
    const second = query.fetch();
    server.answer('up');
    await expect(second).resolves.toBe('up');
  });
});
