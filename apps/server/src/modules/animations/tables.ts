/** Animation studio projects, one row each, keyed by the family that owns them. */
export interface AnimationsTable {
  id: string;
  familyId: string;
  title: string;
  fps: number;
  /** 0/1: playback starts over at the end. */
  loop: number;
  /** JSON text: the frames in order, `{id, path, url}` (path in the family's file storage). */
  frames: string;
  createdAt: string;
  updatedAt: string;
}

export interface AnimationTables {
  animations: AnimationsTable;
}
