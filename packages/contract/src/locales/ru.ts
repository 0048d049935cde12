// The ru catalogue, one file per section: a feature adds its own section file and one line here.
import accountMail from './ru/accountMail.json' with { type: 'json' };
import admin from './ru/admin.json' with { type: 'json' };
import app from './ru/app.json' with { type: 'json' };
import auth from './ru/auth.json' with { type: 'json' };
import backups from './ru/backups.json' with { type: 'json' };
import capture from './ru/capture.json' with { type: 'json' };
import common from './ru/common.json' with { type: 'json' };
import contactUs from './ru/contactUs.json' with { type: 'json' };
import contacts from './ru/contacts.json' with { type: 'json' };
import email from './ru/email.json' with { type: 'json' };
import errors from './ru/errors.json' with { type: 'json' };
import generation from './ru/generation.json' with { type: 'json' };
import ideas from './ru/ideas.json' with { type: 'json' };
import landing from './ru/landing.json' with { type: 'json' };
import linkedin from './ru/linkedin.json' with { type: 'json' };
import nav from './ru/nav.json' with { type: 'json' };
import recipients from './ru/recipients.json' with { type: 'json' };
import notFound from './ru/notFound.json' with { type: 'json' };
import notices from './ru/notices.json' with { type: 'json' };
import photos from './ru/photos.json' with { type: 'json' };
import publicAddress from './ru/publicAddress.json' with { type: 'json' };
import schedule from './ru/schedule.json' with { type: 'json' };
import settings from './ru/settings.json' with { type: 'json' };
import summeris from './ru/summeris.json' with { type: 'json' };
import telegram from './ru/telegram.json' with { type: 'json' };
import templates from './ru/templates.json' with { type: 'json' };
import titles from './ru/titles.json' with { type: 'json' };
import validation from './ru/validation.json' with { type: 'json' };

export default {
  accountMail,
  admin,
  app,
  auth,
  backups,
  capture,
  common,
  contactUs,
  contacts,
  email,
  errors,
  generation,
  ideas,
  landing,
  linkedin,
  nav,
  recipients,
  notFound,
  notices,
  photos,
  publicAddress,
  schedule,
  settings,
  summeris,
  telegram,
  templates,
  titles,
  validation,
};
