import { StatementNames } from './statement-names';

describe('StatementNames', () => {
  it('names a text from its second use on, under the same name every time', () => {
    const names = new StatementNames(10);
    expect(names.nameFor('SELECT $1')).toBeUndefined();
    const name = names.nameFor('SELECT $1');
    expect(name).toBeDefined();
    expect(names.nameFor('SELECT $1')).toBe(name);
  });

  it('names at most maxNamed texts per connection and runs the others unnamed', () => {
    const names = new StatementNames(2);
    for (const text of ['a', 'b', 'c']) names.nameFor(text);
    expect(names.nameFor('a')).toBeDefined();
    expect(names.nameFor('b')).toBeDefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it('remembers at most maxSeen texts seen once, dropping the oldest', () => {
    const names = new StatementNames(10, 2);
    names.nameFor('a');
    names.nameFor('b');
    names.nameFor('c'); // drops 'a'
    expect(names.nameFor('a')).toBeUndefined(); // seen once again, not named
    expect(names.nameFor('c')).toBeDefined();
  });

  it('never reuses a forgotten name, and counts statements still prepared against the cap until taken', () => {
    const names = new StatementNames(1);
    names.nameFor('a');
    const first = names.nameFor('a');
    names.forget('a', true);
    names.nameFor('b');
    expect(names.nameFor('b')).toBeUndefined(); // the stale statement still holds the only slot
    expect(names.takeStale()).toEqual([first]);
    expect(names.takeStale()).toEqual([]);
    names.nameFor('a');
    const second = names.nameFor('a');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('frees the slot at once when the forgotten statement no longer exists', () => {
    const names = new StatementNames(1);
    names.nameFor('a');
    names.nameFor('a');
    names.forget('a', false);
    expect(names.takeStale()).toEqual([]);
    names.nameFor('b');
    expect(names.nameFor('b')).toBeDefined();
  });
});
