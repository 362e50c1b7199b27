import { deciderSpec } from '../../../../test/support/decider-spec';
import { contactDecider } from './contact.decider';
import { ContactMessageReceived } from './contact.events';

const spec = deciderSpec(contactDecider);

describe('a message not yet recorded', () => {
  it('is recorded as sent, with the moment the command brings', () => {
    spec
      .given([])
      .when({ type: 'ReceiveContactMessage', message: message() })
      .then([ContactMessageReceived(message())]);
  });
});

describe('a recorded message', () => {
  it('is not recorded twice', () => {
    spec
      .given([ContactMessageReceived(message())])
      .when({ type: 'ReceiveContactMessage', message: message() })
      .then([]);
  });
});

function message() {
  return { messageId: 'm-1', name: 'Ada', email: 'ada@example.com', topic: 'general' as const, message: 'Hello there', receivedAt: '2026-11-25T09:00:00.000Z' };
}
