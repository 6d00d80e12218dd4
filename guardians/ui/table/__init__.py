"""The table kit: what every game's own table is made of.

- `view`: `Piece` (one drawn thing: where, how to paint it, the action ref it stands for, its card
  face for hover) and `View` (every piece for one state, window and viewer);
- `scene.TableScene`: the play scene (cached picture, selection, clicks, animation hold, hover);
- `chrome`: the top bar, the choices heading, the log; `overlay`: highlights, tweens, the hovered card;
  `hover`: when (after a rest) and where (clear of the piece and the prompt) it shows, and pinning;
- `prompt`: the prompt strip with option buttons and Cancel, raised dialogs; `selection`: option refs
  and two-step clicks (`Clicks`); `anims`: what moved between two views (`Moves`);
- `end.TableEndScene`: the end frame; `layout`: the frame, scaling, rows of cards; `text`: cached text;
  `metrics.Metrics`: the numbers a game sizes its frame with.

A game supplies its layout (geometry), its piece painters, and a `build_view` from what the seat may see
(`state.view(viewer)`) to a `View`; see `scene.TableScene` for the hooks.
"""
