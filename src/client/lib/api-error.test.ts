import { describe, expect, it } from 'vitest';
import { ApiError, hasStatus, isSessionLost, serverMessage } from './api-error';

describe('ApiError.fromBody', () => {
  it('reads the message and the field issues of a 400 body', () => {
    const body = JSON.stringify({
      message: 'Title is required',
      issues: [{ path: ['title'], message: 'Title is required' }, { nonsense: true }],
    });
    const error = ApiError.fromBody(400, 'Bad Request', body);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Title is required');
    expect(serverMessage(error)).toBe('Title is required');
    expect(error.issues).toEqual([{ path: ['title'], message: 'Title is required' }]);
  });

  it('has no server message when the body is not the API error shape', () => {
    const error = ApiError.fromBody(502, 'Bad Gateway', '<html>proxy</html>');
    expect(serverMessage(error)).toBeNull();
    expect(error.message).toBe('<html>proxy</html>');
    expect(ApiError.fromBody(500, 'Internal Server Error', '').message).toBe('Internal Server Error');
  });
});

describe('isSessionLost', () => {
  it("is true only for the server's 401 'Unauthorized'", () => {
    expect(isSessionLost(ApiError.fromBody(401, '', '{"message":"Unauthorized"}'))).toBe(true);
    expect(isSessionLost(ApiError.fromBody(401, '', '{"message":"Invalid email or password"}'))).toBe(false);
    expect(isSessionLost(new Error('401: Unauthorized'))).toBe(false);
  });
});

describe('hasStatus', () => {
  it('matches any of the statuses given', () => {
    const error = ApiError.fromBody(404, 'Not Found', '{"message":"Item not found"}');
    expect(hasStatus(error, 400, 404)).toBe(true);
    expect(hasStatus(error, 403)).toBe(false);
    expect(hasStatus(new Error('404'), 404)).toBe(false);
  });
});
