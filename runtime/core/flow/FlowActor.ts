/** Who is asking to move a record: the signed-in user's id and role codes. */
export interface FlowActor {
  userId: string;
  roles: string[];
}
