import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { MessageContent, type MessageContentProps } from './MessageContent';

/** Renders a message's text as the signed-in reader `alice` sees it. */
export function renderMessage(text: string, props: Partial<MessageContentProps> = {}) {
  return renderWithServices(<MessageContent text={text} {...props} />, testServices({ user: user() }));
}
