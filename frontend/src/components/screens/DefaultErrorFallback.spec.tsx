/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DefaultErrorFallback } from './DefaultErrorFallback';

describe('DefaultErrorFallback', () => {
  const error = new Error('The pricing service timed out');
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('says "Something went wrong!" and keeps the details hidden at first', () => {
    render(<DefaultErrorFallback error={error} reset={() => undefined} />);
    expect(screen.getByText('Something went wrong!')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Show Error/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('The pricing service timed out').closest('[hidden]')).not.toBeNull();
  });

  it('toggles the error between Show Error and Hide Error', async () => {
    render(<DefaultErrorFallback error={error} reset={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: /Show Error/ }));
    expect(screen.getByRole('button', { name: /Hide Error/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('The pricing service timed out').closest('[hidden]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Hide Error/ }));
    expect(screen.getByRole('button', { name: /Show Error/ })).toBeTruthy();
  });

  it('logs the error to the console', () => {
    render(<DefaultErrorFallback error={error} reset={() => undefined} />);
    expect(consoleError).toHaveBeenCalledWith(error);
  });
});
