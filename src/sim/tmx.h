// tmx.h -- Tiled XML maps (.tmx) and tilesets (.tsx): read with expat
// (Debian's libexpat1-dev) into the cJSON tree Tiled's JSON form of the
// same file has (the parts the .tmj reader looks at), which tmj_parse then
// checks and turns into a Level with exactly a .tmj's rules, messages and
// level hash (docs/tiled.md). Only the XML itself is checked here: its
// syntax (errors name file:line:col, expat's position), the root element,
// and the tile layer data, which must be CSV (or Tiled's <tile gid> XML
// form): base64 and compressed layers are refused with how to set CSV.
#pragma once
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/text.h"

// True for a path ending in .tmx (any case): a Tiled XML map.
bool tmx_is_path(const char *path);
// True when text starts (after a UTF-8 BOM and blanks) like an XML document.
bool tmx_is_xml(const char *text, size_t len);
// The XML text of a Tiled map (<map>) or tileset (<tileset>) as the JSON
// tree Tiled writes for it; NULL with err set (path, and the line and
// column when the XML is at fault). The caller cJSON_Deletes the tree.
cJSON *tmx_to_json(const char *text, size_t len, const char *path, ParseError *err);
