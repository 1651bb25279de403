/**
 * A fake of the YouTube IFrame API (https://www.youtube.com/iframe_api) for browser tests: the
 * tests serve this file in its place through Playwright's request interception, so the course
 * player's real YouTube adapter runs with no network.
 *
 * Like the real script it defines `window.YT = { Player }` and then calls
 * `window.onYouTubeIframeAPIReady()`. `new YT.Player(elementOrId, { videoId, playerVars, events })`
 * replaces the element with an <iframe> (a `srcdoc` text page, nothing fetched) carrying
 * `data-video-id` and `data-fake-player` (1 for the first player of the page, 2 for the next…),
 * and fires `events.onReady({ target: player })` asynchronously.
 *
 * The video's clock is deterministic: it starts at `playerVars.start` (playing when
 * `playerVars.autoplay == 1`) and moves only through `seekTo` or the test's
 * `window.__ytFake.setTime(seconds)`, never by itself.
 *
 * `window.__ytFake` records what the page did, for assertions:
 * - `constructed`: players created; `ready`: onReady events fired; `destroyed`: destroy() calls;
 * - `lastOptions`: the last constructor's `{ videoId, width, height, playerVars }`;
 * - `seeks`: every `seekTo` as `{ seconds, allowSeekAhead }`; `plays`: playVideo() calls;
 * - `timeReads`: getCurrentTime() calls (the adapter polls it about once a second);
 * - `setTime(seconds)`: moves the newest live player's video there (as if it had played on);
 * - `state()`: that player's `{ time, playing, destroyed }`, or null.
 */
(function installFakeYouTubeIframeApi() {
  "use strict";

  const fake = {
    constructed: 0,
    ready: 0,
    destroyed: 0,
    plays: 0,
    timeReads: 0,
    lastOptions: null,
    seeks: [],
    players: [],
    setTime(seconds) {
      const player = livePlayer();
      if (!player) throw new Error("No live YT.Player to move");
      player._time = Number(seconds);
      return player._time;
    },
    state() {
      const player = livePlayer();
      return player ? { time: player._time, playing: player._playing, destroyed: player._destroyed } : null;
    },
  };
  window.__ytFake = fake;

  function livePlayer() {
    for (let index = fake.players.length - 1; index >= 0; index -= 1) {
      if (!fake.players[index]._destroyed) return fake.players[index];
    }
    return null;
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  }

  class Player {
    constructor(elementOrId, options) {
      const element = typeof elementOrId === "string" ? document.getElementById(elementOrId) : elementOrId;
      if (!element || !element.parentNode) throw new Error("YT.Player needs an element in the document");
      const { videoId = "", width = 640, height = 360, playerVars = {}, events = {} } = options || {};

      fake.constructed += 1;
      fake.lastOptions = { videoId, width, height, playerVars: { ...playerVars } };
      fake.players.push(this);

      this._index = fake.constructed;
      this._time = Number(playerVars.start) || 0;
      this._playing = Number(playerVars.autoplay) === 1;
      this._destroyed = false;

      const iframe = document.createElement("iframe");
      if (element.id) iframe.id = element.id;
      iframe.title = "YouTube video player (fake)";
      iframe.width = String(width);
      iframe.height = String(height);
      iframe.setAttribute("data-video-id", videoId);
      iframe.setAttribute("data-fake-player", String(this._index));
      iframe.srcdoc = `<!doctype html><meta charset="utf-8"><title>Fake YouTube</title><body>Fake YouTube player: ${escapeHtml(videoId)}</body>`;
      element.replaceWith(iframe);
      this._iframe = iframe;

      // The real player announces itself once its iframe has loaded: never during construction.
      setTimeout(() => {
        if (this._destroyed) return;
        fake.ready += 1;
        if (typeof events.onReady === "function") events.onReady({ target: this });
      }, 0);
    }

    seekTo(seconds, allowSeekAhead) {
      fake.seeks.push({ seconds, allowSeekAhead });
      this._time = Number(seconds);
    }

    getCurrentTime() {
      fake.timeReads += 1;
      return this._time;
    }

    playVideo() {
      fake.plays += 1;
      this._playing = true;
    }

    getIframe() {
      return this._iframe;
    }

    destroy() {
      fake.destroyed += 1;
      this._destroyed = true;
      this._playing = false;
      this._iframe.remove();
    }
  }

  window.YT = { Player, loaded: 1 };
  if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
})();
