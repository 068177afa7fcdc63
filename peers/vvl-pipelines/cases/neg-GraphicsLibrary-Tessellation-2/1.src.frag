#version 460
layout(location = 0) out vec4 uFragColor;
void main(){
   uFragColor = vec4(0,1,0,1);
}
