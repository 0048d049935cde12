/**
 * A local stand-in for Telegram's Bot API (https://core.telegram.org/bots/api), speaking its wire
 * protocol so that grammY and our bot code run unchanged: `POST /bot<token>/<method>` with a JSON or
 * form body answers `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`;
 * files download from `GET /file/bot<token>/<file_path>`. getUpdates long-polls (it waits up to
 * `timeout` seconds for an update) and confirms updates below `offset`, as Telegram does.
 */
export type RecordedCall = {
    method: string;
    params: Record<string, unknown>;
};
export type ScriptedFailure = {
    error_code: number;
    description: string;
    retry_after?: number;
};
type Member = {
    status: 'creator' | 'administrator' | 'member' | 'left';
};
export type FakeTelegramApi = {
    apiRoot: string;
    token: string;
    bot: {
        id: number;
        username: string;
        first_name: string;
    };
    calls: RecordedCall[];
    /** Adds an update (its update_id assigned here) for the next getUpdates; returns the update_id. */
    pushUpdate: (update: Record<string, unknown>) => number;
    /** The updates getUpdates has not been told are handled (offset not past them). */
    unconfirmed: () => number;
    /** The next calls of `method` fail with these answers, one each. */
    failNext: (method: string, ...failures: ScriptedFailure[]) => void;
    addFile: (fileId: string, body: Uint8Array) => void;
    setMember: (chatId: number, userId: number, status: Member['status']) => void;
    sentMessages: () => Array<{
        chat_id: number;
        text: string;
        parse_mode?: string;
    }>;
    /** Waits until a sendMessage to `chatId` matches; returns it. */
    waitForMessage: (chatId: number, match: (text: string) => boolean, timeoutMs?: number) => Promise<{
        chat_id: number;
        text: string;
        parse_mode?: string;
    }>;
    close: () => Promise<void>;
};
export declare function startFakeTelegramApi({ token, botUsername, }?: {
    token?: string;
    botUsername?: string;
}): Promise<FakeTelegramApi>;
/** A private-chat message update from a Telegram user, as Telegram sends it. */
export declare function privateMessage(user: {
    id: number;
    first_name?: string;
    username?: string;
    language_code?: string;
}, fields: Record<string, unknown>): {
    message: {
        message_id: number;
        date: number;
        chat: {
            id: number;
            type: string;
            first_name: string;
            username: string | undefined;
        };
        from: {
            id: number;
            first_name: string;
            username?: string;
            language_code?: string;
            is_bot: boolean;
        };
    };
};
export {};
