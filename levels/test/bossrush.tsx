<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="bossrush" tilewidth="32" tileheight="32" tilecount="5" columns="5">
 <image source="../../assets/tiles/tileset.png" width="160" height="32"/>
 <tile id="0">
  <properties>
   <property name="shape" value="solid"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="shape" value="J"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="shape" value="L"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="shape" value="F"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="shape" value="7"/>
  </properties>
 </tile>
</tileset>
