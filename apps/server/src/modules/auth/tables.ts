export interface UsersTable {
  id: string;
  name: string;
  email: string;
  passwordHash: string | null;
  avatarUrl: string | null;
  isActive: number;
  isVerified: number;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

export interface UserTables {
  users: UsersTable;
}
