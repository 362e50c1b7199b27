/**
 * What a page does once a write is answered (a navigation, a notice, a field to clear). A mutation
 * factory runs it inside the mutation, around its own refresh: the pending state covers it, and it
 * still runs when the button that started it is gone with the change.
 */
export interface FollowUp<TAnswer, TVariables = void> {
  onSuccess?(answer: TAnswer, variables: TVariables): unknown;
  onError?(error: Error, variables: TVariables): unknown;
}
