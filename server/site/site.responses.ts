import { Many, Obj, One, Resource, Text, Type } from '../api-docs/json-api';

/** The process answers (no database). */
export const LiveDocument = Obj({ status: Type.Literal('ok') });

const Problems = Type.Array(Obj({ message: Text() }));

/** The database answers. */
export const HealthDocument = Obj({ status: Type.Literal('ok'), database: Type.Literal('ok') });

/** The database does not answer: told with its state, for a load balancer, and as an error. */
export const HealthDownDocument = Obj({ status: Type.Literal('unavailable'), database: Type.Literal('unavailable'), errors: Problems }, 'The database does not answer');

export const ReadyDocument = Obj({ status: Type.Literal('ok'), database: Type.Literal('ok'), ready: Type.Literal(true) });

/** Not ready: the process is stopping (the database not asked), or the database does not answer. */
export const NotReadyDocument = Type.Union(
  [
    Obj({ status: Type.Literal('draining'), ready: Type.Literal(false), errors: Problems }),
    Obj({ status: Type.Literal('unavailable'), database: Type.Literal('unavailable'), ready: Type.Literal(false), errors: Problems }),
  ],
  { description: 'Not ready: the process is stopping, or the database does not answer' },
);

/** A language's strings by key (translationsFor): the install's, with a division's own over them. */
export const Strings = Type.Record(Type.String(), Type.String());

export const TranslationsDocument = One(Resource('translations', { lang: Text(), strings: Strings }));

/** The destinations the user's capabilities open. */
export const DestinationList = Many(Resource('destination', { name: Text(), label: Text(), url: Text() }));
