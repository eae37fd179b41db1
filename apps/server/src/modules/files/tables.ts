/** Stored files: the bytes live under DATA_DIR/files/<familyId>/, the row says whose and where. */
export interface FilesTable {
  id: string;
  familyId: string;
  /** The owner's own path, e.g. `avatars/child-1.png`. */
  path: string;
  /** Random file name under DATA_DIR/files/<familyId>/. */
  storageName: string;
  contentType: string;
  size: number;
  /** Base64url of 32 random bytes; the public download address carries it. */
  downloadToken: string;
  createdAt: string;
}

export interface FileTables {
  files: FilesTable;
}
