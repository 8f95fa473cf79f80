import { describeAuthorizationTable } from '#tests/helpers/authorization-table.ts';

const review = {
  reviewPhoto: 'https://photos.example.com/me.jpg',
  reviewRating: 5,
  reviewDescription: 'Quick and careful delivery.',
};

describeAuthorizationTable('reviews', [
  {
    route: 'GET /api/review',
    request: async () => ({ method: 'GET', path: '/api/review' }),
    expected: { anonymous: 200, otherUser: 200, owner: 200, admin: 200 },
  },
  {
    route: 'POST /api/review',
    request: async () => ({ method: 'POST', path: '/api/review', body: review }),
    expected: { anonymous: 401, otherUser: 201, owner: 201, admin: 201 },
  },
]);
