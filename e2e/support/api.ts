/** The parts of the REST answers the scenarios use (the full shapes are in docs/api.md). */
export interface User {
  id: number;
  username: string;
  role: string;
  is_admin: boolean;
}

export interface Account {
  username: string;
  password: string;
  access_token: string;
  refresh_token: string;
  user: User;
}

export interface Group {
  id: number;
  name: string;
  /** An uploaded icon's address, or null. */
  icon: string | null;
}

export interface Category {
  id: number;
  name: string;
  group_id: number;
}

export interface Channel {
  id: number;
  name: string;
  group_id: number;
  category_id: number | null;
  channel_type: 'text' | 'voice';
}

export interface Message {
  id: number;
  channel_id: number;
  content: string;
  username: string;
  timestamp: string;
}

export interface Permissions {
  can_view?: boolean;
  can_post?: boolean;
  can_upload?: boolean;
}

export const PASSWORD = 'correct-horse-1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    what: string,
  ) {
    super(`${what}: ${status} ${detail}`);
  }
}

/** A small REST client for setting up scenarios: what a person does in the UI is tested through the UI. */
export class Api {
  constructor(readonly baseURL: string) {}

  async register(username: string, password = PASSWORD): Promise<Account> {
    const answer = await this.request<Omit<Account, 'username' | 'password'>>('POST', '/auth/register', null, {
      username,
      password,
    });
    return { ...answer, username, password };
  }

  async login(username: string, password = PASSWORD): Promise<Account> {
    const answer = await this.request<Omit<Account, 'username' | 'password'>>('POST', '/auth/login', null, {
      username,
      password,
    });
    return { ...answer, username, password };
  }

  groups(as: Account): Promise<Group[]> {
    return this.request('GET', '/group', as);
  }

  channels(as: Account, groupId: number): Promise<Channel[]> {
    return this.request('GET', `/channel?group_id=${groupId}`, as);
  }

  createGroup(as: Account, name: string): Promise<Group> {
    return this.request('POST', '/group', as, { name });
  }

  createCategory(as: Account, groupId: number, name: string): Promise<Category> {
    return this.request('POST', '/category', as, { group_id: groupId, name });
  }

  createChannel(
    as: Account,
    groupId: number,
    name: string,
    options: { categoryId?: number; channelType?: 'text' | 'voice' } = {},
  ): Promise<Channel> {
    return this.request('POST', '/channel', as, {
      group_id: groupId,
      name,
      category_id: options.categoryId ?? null,
      channel_type: options.channelType ?? 'text',
    });
  }

  setPermissions(as: Account, groupId: number, userId: number, permissions: Permissions): Promise<unknown> {
    return this.request('PUT', `/admin/groups/${groupId}/permissions/${userId}`, as, { permissions });
  }

  sendMessage(as: Account, channelId: number, content: string): Promise<Message> {
    return this.request('POST', '/message', as, { channel_id: channelId, content });
  }

  messages(as: Account, channelId: number, limit = 100): Promise<Message[]> {
    return this.request('GET', `/message?channel_id=${channelId}&limit=${limit}`, as);
  }

  /** The group every instance starts with ('Hearth') and its 'general' channel. */
  async defaultChannel(as: Account): Promise<{ group: Group; channel: Channel }> {
    const group = (await this.groups(as)).find((g) => g.name === 'Hearth');
    if (!group) throw new Error('The default group "Hearth" is missing');
    const channel = (await this.channels(as, group.id)).find((c) => c.name === 'general');
    if (!channel) throw new Error('The default channel "general" is missing');
    return { group, channel };
  }

  /** Makes two accounts friends (a request and its acceptance); the friends page has scenarios of its own. */
  async befriend(a: Account, b: Account): Promise<void> {
    const asked = await this.request<{ friendship_id: number }>('POST', '/friends/request', a, {
      username: b.username,
    });
    await this.request('POST', `/friends/${asked.friendship_id}/accept`, b);
  }

  /** A voice channel of the caller's own in the default group, made by `admin`. */
  async newVoiceChannel(admin: Account, name: string): Promise<Channel> {
    const { group } = await this.defaultChannel(admin);
    return this.createChannel(admin, group.id, name, { channelType: 'voice' });
  }

  /** Uploads a profile picture (multipart, as the settings screen sends it); answers its address. */
  async uploadAvatar(as: Account, png: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
    const res = await fetch(`${this.baseURL}/api/upload/profile-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as.access_token}` },
      body: form,
    });
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, 'POST /api/upload/profile-image');
    return (JSON.parse(text) as { image_url: string }).image_url;
  }

  /** Sends a request; an expired access token is replaced by signing in again (accounts here have known passwords). */
  async request<T>(method: string, route: string, as: Account | null, body?: unknown): Promise<T> {
    let res = await this.send(method, route, as, body);
    if (res.status === 401 && as) {
      const fresh = await this.login(as.username, as.password);
      as.access_token = fresh.access_token;
      as.refresh_token = fresh.refresh_token;
      res = await this.send(method, route, as, body);
    }
    const text = await res.text();
    if (!res.ok) {
      let detail = text;
      try {
        detail = (JSON.parse(text) as { detail?: string }).detail ?? text;
      } catch {
        // not JSON: keep the text
      }
      throw new ApiError(res.status, detail, `${method} /api${route}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private send(method: string, route: string, as: Account | null, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (as) headers.authorization = `Bearer ${as.access_token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${this.baseURL}/api${route}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}
