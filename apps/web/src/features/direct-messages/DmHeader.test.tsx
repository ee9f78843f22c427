import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { apiVersion } from '../../app/api-version';
import { user } from '../../test/factories';
import { setApiVersion } from '../../test/api-version';
import { renderWithServices } from '../../test/render';
import { DmHeader } from './DmHeader';

const bob = user({ id: 8, username: 'bob' });
const callButton = () => screen.queryByRole('button', { name: 'Start voice call' });

describe('DmHeader', () => {
  it('offers a call on API v2, never to the system account', () => {
    const view = renderWithServices(<DmHeader user={bob} onBack={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(callButton()).toBeTruthy();
    view.unmount();
    renderWithServices(
      <DmHeader user={user({ id: 1, username: 'Hearth', role: 'SYSTEM' })} onBack={() => undefined} />,
    );
    expect(callButton()).toBeNull();
  });

  it('offers no call on API v1, which has no voice, and follows a change of version', () => {
    setApiVersion('v1');
    renderWithServices(<DmHeader user={bob} onBack={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(callButton()).toBeNull();
    act(() => apiVersion.setShowApiSelector(false));
    expect(callButton()).toBeTruthy();
  });
});
