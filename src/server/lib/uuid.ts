const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else is no row, answered without asking the database. */
export const isUuid = (value: string) => UUID_PATTERN.test(value);
