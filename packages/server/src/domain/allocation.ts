/** An advisor's allocation group as stored. */
export interface AllocationGroup {
  name: string;
  username: string;
  accounts: { name: string; amount?: number }[];
  defaultMethod: 'A' | 'E' | 'N' | 'C' | 'P' | 'R' | 'S';
}
