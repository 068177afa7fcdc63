#version 450
layout(vertices=3) out;
void main(){
   gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = 1;
   gl_TessLevelInner[0] = 1;
}
