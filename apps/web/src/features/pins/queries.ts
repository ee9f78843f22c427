import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, MessagePinUpdate, PinnedMessage } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useLiveEvent } from '../live/useLiveEvent';
import { mergeMessage } from '../messages/merge-messages';
import { pinKeys, pinsPath, placeOfUpdate, type PinPlace } from './pin-place';
import { PIN_UPDATE_EVENT } from './pin-events';

/** The place's pinned messages, newest pinned first; fetched each time the panel opens. */
export function usePins(place: PinPlace) {
  const { http } = useServices();
  return useQuery({
    queryKey: pinKeys.place(place),
    queryFn: () => http.get<PinnedMessage[]>(pinsPath(place)),
    // The panel is open for a moment at a time; it asks again at each opening rather than trust a copy.
    staleTime: 0,
  });
}

const samePlace = (a: PinPlace, b: PinPlace) =>
  a.kind === b.kind &&
  (a.kind === 'channel' ? a.channelId === (b as typeof a).channelId : a.userId === (b as typeof a).userId);

const EDIT_EVENTS = ['message_updated', 'message_admin_delete', 'direct_message_edit'];
const DELETE_EVENTS = ['message_delete', 'direct_message_delete'];

/**
 * While the panel shows a place's pins, live events keep them right: an unpin or a deleted message
 * leaves the list at once, an edit shows in it, and a new pin (whose message the event does not carry)
 * fetches the list again.
 */
export function usePinsLiveUpdates(place: PinPlace) {
  const qc = useQueryClient();
  const key = pinKeys.place(place);
  const patch = (change: (pins: PinnedMessage[]) => PinnedMessage[]) =>
    qc.setQueryData<PinnedMessage[]>(key, (pins) => (pins ? change(pins) : pins));

  useLiveEvent<MessagePinUpdate>([PIN_UPDATE_EVENT], (_type, event) => {
    const of = placeOfUpdate(event);
    if (!of || !samePlace(of, place)) return;
    if (event.pinned) void qc.invalidateQueries({ queryKey: key });
    else patch((pins) => pins.filter((p) => p.id !== event.message_id));
  });
  useLiveEvent<{ id: number }>(DELETE_EVENTS, (_type, event) => patch((pins) => pins.filter((p) => p.id !== event.id)));
  useLiveEvent<Message>(EDIT_EVENTS, (_type, message) =>
    patch((pins) => pins.map((p) => (p.id === message.id ? { ...p, ...mergeMessage(p, message) } : p))),
  );
}
