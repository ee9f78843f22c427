import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyComponent, lazyModule } from './lazy-module';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyModule', () => {
  it('fetches once, however often it is asked', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = lazyModule(importer);
    expect(module.current()).toBeNull();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect(a).toBe(b);
    expect(module.current()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledOnce();
  });

  it('tries again after a failed fetch', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('here');
    const module = lazyModule(importer);
    await expect(module.load()).rejects.toThrow('offline');
    await expect(module.load()).resolves.toBe('here');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  it('shows nothing until its code is here, then the component with its props', async () => {
    const code = deferred<typeof Greeting>();
    const Lazy = lazyComponent(lazyModule(() => code.promise));
    render(<Lazy name="Ada" />);
    expect(screen.queryByText('Hello Ada')).toBeNull();

    await act(async () => code.resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeTruthy();
  });

  it('renders at once, without suspending, once the code is here', async () => {
    const module = lazyModule(() => Promise.resolve(Greeting));
    await module.load();
    const Lazy = lazyComponent(module);
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeTruthy();
  });
});
